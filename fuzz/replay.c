/*
 * replay.c - a main() for the fuzz targets without libFuzzer: feeds the
 * target each file named on the command line (a directory: each file in
 * it, in name order).  `make test` replays the committed corpus this way
 * with any compiler; a broken invariant aborts.  Ends with the line
 * "N passed, N failed" that tests/run.sh adds up.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static long passed;

static int replay_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    char *data = NULL;
    size_t size = 0, cap = 0, got;
    if (!fp) {
        perror(path);
        return 1;
    }
    do {
        if (size == cap) {
            char *t;
            cap = cap ? 2 * cap : 4096;
            t = realloc(data, cap);
            if (!t) {
                fclose(fp);
                free(data);
                return 1;
            }
            data = t;
        }
        got = fread(data + size, 1, cap - size, fp);
        size += got;
    } while (got > 0);
    fclose(fp);
    LLVMFuzzerTestOneInput((const uint8_t *)data, size);
    free(data);
    printf("ok %s\n", path);
    passed++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay(const char *path)
{
    struct stat st;
    DIR *dir;
    struct dirent *e;
    char **names = NULL;
    size_t count = 0, i;
    int bad = 0;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    dir = opendir(path);
    if (!dir) {
        perror(path);
        return 1;
    }
    while ((e = readdir(dir)) != NULL) {
        char **t;
        if (e->d_name[0] == '.')
            continue;
        t = realloc(names, (count + 1) * sizeof *names);
        if (!t)
            break;
        names = t;
        names[count] = malloc(strlen(path) + strlen(e->d_name) + 2);
        if (!names[count])
            break;
        sprintf(names[count], "%s/%s", path, e->d_name);
        count++;
    }
    closedir(dir);
    qsort(names, count, sizeof *names, by_name);
    for (i = 0; i < count; i++) {
        bad |= replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return bad;
}

int main(int argc, char **argv)
{
    int i, bad = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++)
        bad |= replay(argv[i]);
    printf("%ld passed, %d failed\n", passed, bad);
    return bad;
}
