/* String/memory functions over many sizes and alignments (glibc picks
   optimised variants through IFUNCs/IRELATIVE relocations). */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static unsigned char src[4096 + 64], dst[4096 + 64];

static uint32_t checksum(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

int main(void)
{
    size_t sizes[] = { 0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256,
                       511, 1000, 1024, 2047, 4096 };
    size_t i, n, off;
    uint32_t acc = 0;
    int bad = 0;
    for (i = 0; i < sizeof src; i++) src[i] = (unsigned char)(i * 7 + 3);
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        n = sizes[i];
        for (off = 0; off < 8; off++) {
            memset(dst, 0xee, sizeof dst);
            memcpy(dst + off, src + (7 - off), n);
            if (memcmp(dst + off, src + (7 - off), n) != 0) bad++;
            if (n && dst[off + n] != 0xee) bad++;
            acc = acc * 31 + checksum(dst, n + 16);
            memmove(dst + off + 1, dst + off, n);
            acc = acc * 31 + checksum(dst, n + 16);
            memset(dst + off, 'a' + (int)off, n);
            dst[off + n] = 0;
            if (strlen((char *)dst + off) != n) bad++;
            if (n) {
                dst[off + n / 2] = 'Z';
                char *z = strchr((char *)dst + off, 'Z');
                if (!z || (size_t)(z - (char *)dst) != off + n / 2) bad++;
                if (n > 1 && strrchr((char *)dst + off, 'a' + (int)off) == NULL) bad++;
                if (memchr(dst + off, 'Z', n) != z) bad++;
            }
            if (strchr((char *)dst + off, '#') != NULL) bad++;
        }
    }
    char a[64], b[64];
    strcpy(a, "hello, linker world");
    strcpy(b, a);
    strcat(b, "!");
    printf("strcmp=%d strncmp=%d strcasecmp=%d\n", strcmp(a, b) < 0, strncmp(a, b, 10), strcasecmp("ABC", "abc"));
    printf("strstr=%s strspn=%zu strcspn=%zu strnlen=%zu\n", strstr(a, "link"), strspn(a, "hel"), strcspn(a, ","),
           strnlen(a, 5));
    char *dup = strdup(a);
    char *tok, *save;
    printf("tokens:");
    for (tok = strtok_r(dup, " ,", &save); tok; tok = strtok_r(NULL, " ,", &save)) printf(" [%s]", tok);
    printf("\n");
    printf("checksum=%08x bad=%d\n", (unsigned)acc, bad);
    return bad != 0;
}
