/*
 * timed.c - runs one command and prints what it cost, for bench/run.sh.
 *
 *   timed [-i IN] [-o OUT] [-e ERR] [-t SECONDS] CMD [ARG...]
 *
 * CMD runs with standard input from IN (default /dev/null), standard
 * output to OUT and standard error to ERR (default /dev/null for both),
 * in a process group of its own.  When it ends, one line goes to stdout:
 *
 *   WALL CPU STATUS
 *
 * WALL is elapsed seconds, CPU the user + system seconds of CMD and every
 * child it waited for (getrusage RUSAGE_CHILDREN), STATUS its exit code,
 * "signal N", or "timeout" when it ran past SECONDS of wall time and its
 * whole group was killed (SIGALRM, no polling).  CPU time is what the tables compare: on a busy
 * machine the wall time of a one-thread program also counts the time it
 * waited for a core.
 *
 * Exit 0 when CMD ran (whatever STATUS), 2 on a usage error, 127 when CMD
 * could not be started.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t child_group; /* pid of CMD, its process group */
static volatile sig_atomic_t timed_out;   /* the limit was reached */

static void on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
    if (child_group > 0)
        kill(-(pid_t)child_group, SIGKILL);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_of_children(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* Opens path on fd target; exits the child on failure. */
static void redirect(const char *path, int flags, int target)
{
    int fd = open(path, flags, 0644);
    if (fd < 0) {
        fprintf(stderr, "timed: %s: %s\n", path, strerror(errno));
        _exit(127);
    }
    if (fd != target) {
        dup2(fd, target);
        close(fd);
    }
}

int main(int argc, char **argv)
{
    const char *in = "/dev/null", *out = "/dev/null", *err = "/dev/null";
    double limit = 0, t0, c0, wall;
    int i = 1, status = 0;
    pid_t pid;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] && !argv[i][2]; i += 2) {
        switch (argv[i][1]) {
        case 'i': in = argv[i + 1]; break;
        case 'o': out = argv[i + 1]; break;
        case 'e': err = argv[i + 1]; break;
        case 't': limit = atof(argv[i + 1]); break;
        default: i = argc; break;
        }
    }
    if (i >= argc) {
        fputs("usage: timed [-i IN] [-o OUT] [-e ERR] [-t SECONDS] CMD [ARG...]\n", stderr);
        return 2;
    }
    fflush(stdout);
    c0 = cpu_of_children();
    t0 = now();
    pid = fork();
    if (pid < 0) {
        perror("timed: fork");
        return 127;
    }
    if (pid == 0) {
        setpgid(0, 0);
        redirect(in, O_RDONLY, 0);
        redirect(out, O_WRONLY | O_CREAT | O_TRUNC, 1);
        redirect(err, O_WRONLY | O_CREAT | O_TRUNC, 2);
        execvp(argv[i], argv + i);
        fprintf(stderr, "timed: %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* also from here, so the kill cannot miss the group */
    child_group = pid;
    if (limit > 0) {
        struct sigaction sa;
        struct itimerval it;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_alarm;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGALRM, &sa, NULL); /* no SA_RESTART: waitpid returns EINTR */
        memset(&it, 0, sizeof it);
        it.it_value.tv_sec = (time_t)limit;
        it.it_value.tv_usec = (suseconds_t)((limit - (double)(time_t)limit) * 1e6);
        setitimer(ITIMER_REAL, &it, NULL);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("timed: waitpid");
            return 127;
        }
    }
    wall = now() - t0;
    printf("%.6f %.6f ", wall, cpu_of_children() - c0);
    if (timed_out)
        puts("timeout");
    else if (WIFSIGNALED(status))
        printf("signal %d\n", WTERMSIG(status));
    else
        printf("%d\n", WEXITSTATUS(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 127 && !timed_out ? 127 : 0;
}
