// Copied from the coordinator's ../shared/tools/stack512.c (GitHub's runners have no
// ../shared): .ci/run and the Linux CI job run the whole test suite under it, so that a
// recursion that needs more than macOS's 512 KiB fails on Linux too (Swift Testing runs the
// tests on secondary threads). Build: cc -shared -fPIC -o stack512.so stack512.c -lpthread;
// use: LD_PRELOAD=/absolute/path/stack512.so swift test --skip-build.
// LD_PRELOAD shim: every thread created without an explicit stack size gets 512 KiB, as
// secondary threads get on macOS (glibc's default is RLIMIT_STACK, usually 8 MiB).
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
__attribute__((constructor)) static void stack512(void) {
    const char *k = getenv("STACK_KIB");
    size_t kib = k ? (size_t)atol(k) : 512;
    pthread_attr_t a;
    if (pthread_attr_init(&a) == 0) {
        pthread_attr_setstacksize(&a, kib * 1024);
        pthread_setattr_default_np(&a);
        pthread_attr_destroy(&a);
    }
}
