/*
 * syscall-cost.c: what one read()/write() system call on a file in the page cache costs the
 * calling process on this machine, as a fixed part and a part per byte copied. iopath's default
 * cpu: costs (docs/postmark.md) come from its output.
 *
 * For each size it makes N pread()s (and pwrite()s) of that size at offset 0 of a file that is
 * already in the page cache, takes the wall time of the loop with clock_gettime(CLOCK_MONOTONIC),
 * repeats the loop R times and keeps the fastest (the others saw other processes on the core).
 * The fixed cost is the 0-byte call; the cost per byte is the slope of a least-squares line
 * through the sizes' times. Then, the same way, the calls that look a name up: open()+close() of
 * an existing file, and creat()+close()+unlink() of a new one in the same directory; their cost
 * above the fixed cost of the calls is what a name lookup and an inode change add. Last,
 * ftruncate() of a file with no blocks, growing it to 64 KiB and shrinking it to 0 in turn: the
 * cost above the fixed one is what a size change (an inode update in the journal) adds.
 *
 * Build and run:  gcc -O2 -o /tmp/syscall-cost syscall-cost.c && /tmp/syscall-cost /tmp/syscall-cost.dat
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define N 20000
#define R 15

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static double per_call(int fd, char *buf, size_t size, int write) {
    double best = 1e30;
    for (int r = 0; r < R; r++) {
        double t0 = now_ns();
        for (int i = 0; i < N; i++) {
            ssize_t n = write ? pwrite(fd, buf, size, 0) : pread(fd, buf, size, 0);
            if (n != (ssize_t) size) {
                perror(write ? "pwrite" : "pread");
                exit(1);
            }
        }
        double t = (now_ns() - t0) / N;
        if (t < best) {
            best = t;
        }
    }
    return best;
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "syscall-cost.dat";
    static char buf[65536];
    memset(buf, 'x', sizeof buf);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, sizeof buf) != sizeof buf) {
        perror(path);
        return 1;
    }
    size_t sizes[] = {0, 512, 4096, 16384, 65536};
    int k = sizeof sizes / sizeof sizes[0];
    for (int w = 0; w <= 1; w++) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0, zero = 0;
        for (int i = 0; i < k; i++) {
            double t = per_call(fd, buf, sizes[i], w);
            if (sizes[i] == 0) {
                zero = t;
            }
            printf("%s %6zu bytes: %8.1f ns per call\n", w ? "pwrite" : "pread ", sizes[i], t);
            sx += sizes[i];
            sy += t;
            sxx += (double) sizes[i] * sizes[i];
            sxy += sizes[i] * t;
        }
        double slope = (k * sxy - sx * sy) / (k * sxx - sx * sx);
        printf("%s fixed %.1f ns per call, copy %.1f ns per KiB\n", w ? "pwrite" : "pread ", zero, slope * 1024);
    }
    close(fd);
    char name[4096];
    snprintf(name, sizeof name, "%s.new", path);
    double open_close = 1e30, create_unlink = 1e30;
    for (int r = 0; r < R; r++) {
        double t0 = now_ns();
        for (int i = 0; i < N; i++) {
            int f = open(path, O_RDONLY);
            if (f < 0) {
                perror(path);
                exit(1);
            }
            close(f);
        }
        double t = (now_ns() - t0) / N;
        open_close = t < open_close ? t : open_close;
        t0 = now_ns();
        for (int i = 0; i < N; i++) {
            int f = open(name, O_RDWR | O_CREAT | O_TRUNC, 0644);
            if (f < 0) {
                perror(name);
                exit(1);
            }
            close(f);
            unlink(name);
        }
        t = (now_ns() - t0) / N;
        create_unlink = t < create_unlink ? t : create_unlink;
    }
    printf("open+close          %8.1f ns per pair\n", open_close);
    printf("creat+close+unlink  %8.1f ns per triple\n", create_unlink);
    int t = open(name, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (t < 0) {
        perror(name);
        return 1;
    }
    double truncate = 1e30;
    for (int r = 0; r < R; r++) {
        double t0 = now_ns();
        for (int i = 0; i < N; i++) {
            if (ftruncate(t, (i & 1) ? 0 : 65536) != 0) {
                perror("ftruncate");
                exit(1);
            }
        }
        double x = (now_ns() - t0) / N;
        truncate = x < truncate ? x : truncate;
    }
    close(t);
    unlink(name);
    printf("ftruncate 64k/0     %8.1f ns per call\n", truncate);
    unlink(path);
    return 0;
}
