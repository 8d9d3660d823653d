// llvmdemo.c: make bench's big C++ link (the llvm workload).  A small C
// program that drives LLVM's code generators through the C API, so that
// a static link pulls in most of LLVM's x86-64 and AArch64 back ends
// from Debian's libLLVM*.a (C++: COMDAT groups, exceptions tables, a
// large .eh_frame, many mergeable strings).  It builds sum(a, b) = a + b,
// compiles it to an object file for both targets, and prints the sizes,
// which the linkers' outputs must print alike.
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>

static LLVMModuleRef build_module(void) {
  LLVMModuleRef m = LLVMModuleCreateWithName("demo");
  LLVMTypeRef i32 = LLVMInt32Type();
  LLVMTypeRef params[] = {i32, i32};
  LLVMValueRef fn =
      LLVMAddFunction(m, "sum", LLVMFunctionType(i32, params, 2, 0));
  LLVMBuilderRef b = LLVMCreateBuilder();
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlock(fn, "entry"));
  LLVMBuildRet(b, LLVMBuildAdd(b, LLVMGetParam(fn, 0), LLVMGetParam(fn, 1),
                               "s"));
  LLVMDisposeBuilder(b);
  return m;
}

static int compile(const char *triple) {
  LLVMTargetRef t;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(triple, &t, &err)) {
    printf("%s: %s\n", triple, err);
    return 1;
  }
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      t, triple, "generic", "", LLVMCodeGenLevelDefault, LLVMRelocPIC,
      LLVMCodeModelDefault);
  LLVMModuleRef m = build_module();
  LLVMSetTarget(m, triple);
  LLVMMemoryBufferRef obj;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMObjectFile, &err,
                                          &obj)) {
    printf("%s: %s\n", triple, err);
    return 1;
  }
  printf("%s: object of %zu bytes\n", triple, LLVMGetBufferSize(obj));
  LLVMDisposeMemoryBuffer(obj);
  LLVMDisposeModule(m);
  LLVMDisposeTargetMachine(tm);
  return 0;
}

int main(void) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeAArch64TargetInfo();
  LLVMInitializeAArch64Target();
  LLVMInitializeAArch64TargetMC();
  LLVMInitializeAArch64AsmPrinter();
  return compile("x86_64-pc-linux-gnu") | compile("aarch64-unknown-linux-gnu");
}
