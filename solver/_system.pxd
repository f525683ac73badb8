# cython: language_level=3
# What the search needs from the system: address space for a table that is backed by memory
# only as it is written (so it grows in place within its budget), a monotonic clock, and the
# processor's bit instructions where the core was built to use them.

cdef extern from *:
    """
    #include <stdint.h>
    #include <stddef.h>
    #define HUGE_PAGE ((size_t)2 << 20)
    /* Address space for a table of n bytes, 2 MB aligned, not yet backed by memory: the
       system commits a page when it is first written, so a table that uses only its first
       part costs only that part, and it grows in place.  NULL when the space is refused. */
    #ifdef _WIN32
    #include <windows.h>
    static void* reserve_table(size_t n) {  /* committed pages are backed at their first write */
        return VirtualAlloc(NULL, n, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    }
    static void release_table(void* p, size_t n) {
        (void)n;
        if (p != NULL)
            VirtualFree(p, 0, MEM_RELEASE);
    }
    static double monotonic_seconds(void) {
        LARGE_INTEGER t, f;
        QueryPerformanceCounter(&t);
        QueryPerformanceFrequency(&f);
        return (double)t.QuadPart / (double)f.QuadPart;
    }
    #else
    #include <sys/mman.h>
    #include <time.h>
    #ifndef MAP_NORESERVE
    #define MAP_NORESERVE 0
    #endif
    #ifndef MAP_ANONYMOUS
    #define MAP_ANONYMOUS MAP_ANON
    #endif
    static void* reserve_table(size_t n) {
        size_t span = n + HUGE_PAGE;
        char* p = (char*)mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                              -1, 0);
        char* start;
        if (p == (char*)MAP_FAILED)
            return NULL;
        start = (char*)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        if (start > p)
            munmap(p, start - p);
        if (p + span > start + n)
            munmap(start + n, p + span - (start + n));
    #ifdef MADV_HUGEPAGE  /* Linux: transparent huge pages, where the system allows them, but
        for the first 2 MB: a small solve, whose table never grows past its first megabyte,
        would pay for zeroing whole huge pages, and at times for the system compacting memory
        to find them (0.5 ms, at times 10 ms, against 0.6 ms for a whole dominant-hand solve) */
        if (n >= 2 * HUGE_PAGE)
            madvise(start + HUGE_PAGE, n - HUGE_PAGE, MADV_HUGEPAGE);
    #endif
        return start;
    }
    static void release_table(void* p, size_t n) {
        if (p != NULL)
            munmap(p, n);
    }
    static double monotonic_seconds(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return ts.tv_sec + ts.tv_nsec * 1e-9;
    }
    #endif
    /* 1 when the core was built with x86 bit instructions this processor lacks (setup.py
       builds with those of the machine that builds it; MSVC's __popcnt is POPCNT): the search
       would stop at the first of them. */
    #if defined(_MSC_VER) && !defined(__clang__) && (defined(_M_X64) || defined(_M_IX86))
    #include <intrin.h>
    static int x86_features_missing(void) {
        int info[4];
        __cpuid(info, 1);
        return !((info[2] >> 23) & 1);
    }
    #elif defined(__x86_64__) || defined(__i386__)
    #include <cpuid.h>
    static int x86_features_missing(void) {
        unsigned int a = 0, b = 0, c = 0, d = 0;
        int missing = 0;
    #ifdef __POPCNT__
        missing |= !(__get_cpuid(1, &a, &b, &c, &d) && ((c >> 23) & 1));
    #endif
    #ifdef __LZCNT__
        missing |= !(__get_cpuid(0x80000001, &a, &b, &c, &d) && ((c >> 5) & 1));
    #endif
    #if defined(__BMI__) || defined(__BMI2__)
        b = 0;
        if (__get_cpuid_max(0, NULL) >= 7)
            __cpuid_count(7, 0, a, b, c, d);
    #ifdef __BMI__
        missing |= !((b >> 3) & 1);
    #endif
    #ifdef __BMI2__
        missing |= !((b >> 8) & 1);
    #endif
    #endif
        (void)a; (void)b; (void)c; (void)d;
        return missing;
    }
    #else
    static int x86_features_missing(void) { return 0; }
    #endif
    """
    void* reserve_table(size_t n) nogil
    void release_table(void* p, size_t n) nogil
    double monotonic_seconds() nogil
    int x86_features_missing() nogil


cdef inline double now() noexcept nogil:
    return monotonic_seconds()
