/* --build-id variants: the program finds its own PT_NOTE segments with
   dl_iterate_phdr and prints the build-id note's name and descriptor
   size (not its value, which depends on the exact output bytes). */
//# ldflags: -Wl,--build-id=md5
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <link.h>
#include <elf.h>

static int found, desc_size;

static int cb(struct dl_phdr_info *info, size_t size, void *data)
{
    int i;
    (void)size; (void)data;
    /* only the executable itself (the first entry), not the vDSO */
    for (i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr);
        const char *end = p + ph->p_memsz;
        /* note fields are padded to the segment alignment (4 or 8) */
        size_t al = ph->p_align >= 8 ? 8 : 4;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const void *)p;
            const char *name = p + sizeof *nh;
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                found++;
                desc_size = (int)nh->n_descsz;
            }
            p += sizeof *nh + ((nh->n_namesz + al - 1) & ~(al - 1)) + ((nh->n_descsz + al - 1) & ~(al - 1));
        }
    }
    return 1;
}

int main(void)
{
    dl_iterate_phdr(cb, NULL);
    printf("build-id notes: %d, descriptor size: %d\n", found, desc_size);
    return 0;
}
