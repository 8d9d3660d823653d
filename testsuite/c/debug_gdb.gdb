set pagination off
set confirm off
set width 0
set print address off
break debug_gdb.c:18
run
print n
print acc
print i
print table
print origin
print origin.label
bt
finish
continue
