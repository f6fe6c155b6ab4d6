// Statically linked on Linux, the Swift runtime finds argv for `CommandLine.arguments` in a
// static initializer that reads and sscanf-parses /proc/self/maps: about 0.2 M instructions
// and a dozen system calls at every start, a twentieth of linting a small file. glibc hands
// argc and argv to each initializer of the executable, so eplint keeps them from there and
// defines the one function the standard library asks them of; the runtime's object file
// (CommandLine.cpp) and its initializer then stay out of the link. Were that object still
// pulled in, the link would fail on a duplicate symbol: a build error, never a wrong argv.
// Elsewhere (Darwin, musl, the shared runtime of debug builds) the runtime's own way is used.
#if defined(__linux__)
#include <features.h> // defines __GLIBC__ on glibc, not on musl
#endif
#if defined(__linux__) && defined(__GLIBC__)

static int argumentCount;
static char **argumentVector;

static void keepArguments(int argc, char **argv, char **envp) {
    (void)envp;
    argumentCount = argc;
    argumentVector = argv;
}

__attribute__((section(".init_array"), used))
static void (*const keepArgumentsAtStart)(int, char **, char **) = keepArguments;

__attribute__((swiftcall))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    *outArgLen = argumentCount;
    return argumentVector;
}

#endif
