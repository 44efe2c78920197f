/*
 * man.c - the manual page and the lists of names, written from the tables
 * the tool runs on, so that neither can drift from the code.
 *
 * `sudokit help --man` prints docs/sudokit.1.in, which the Makefile
 * compiles into the tool (cli_man_template), with each marker line
 * replaced by a section written from the tables:
 *
 *   @SYNOPSIS@     one line per command (main.c: name and operands)
 *   @COMMANDS@     the commands with their summaries, then one subsection
 *                  per command: its description, its entries (judge
 *                  problems, engines, techniques) and the options it takes
 *   @OPTIONS@      the option table (options.c), by group, each option
 *                  with the commands that take it and its values
 *   @EXIT_STATUS@  the exit codes (CLI_EXIT_LIST in cli.h)
 *
 * and @VERSION@ anywhere by the library's version.  What no table holds
 * (the description, the input forms, the variant rules, the examples) is
 * prose in the template.  `make` writes the page to $(B)/sudokit.1, which
 * `make install` installs.
 *
 * Help texts are plain text; roff_text turns them into roff: '\' and '-'
 * escaped, each --option in bold, a blank line a new paragraph, and lines
 * indented by two spaces an example kept as it is.
 *
 * `sudokit help --list` prints the names in the same tables, one per line;
 * tests/docs.sh reads it to check that the README, the man page and the
 * --help of each command name every one of them.
 */
#include <ctype.h>
#include <string.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* roff                                                                */
/* ------------------------------------------------------------------ */

/* 1 when s[i] starts an option name, "--word", not inside a word. */
static int starts_option(const char *s, size_t i, size_t len)
{
    return i + 2 < len && s[i] == '-' && s[i + 1] == '-' && isalpha((unsigned char)s[i + 2]) &&
           (i == 0 || (!isalnum((unsigned char)s[i - 1]) && s[i - 1] != '-'));
}

/* Writes s[0..len-1] as roff text: '\' and '-' escaped, options bold. */
static void roff_escape(FILE *f, const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        if (starts_option(s, i, len)) {
            fputs("\\fB\\-\\-", f);
            for (i += 2; i < len && (isalnum((unsigned char)s[i]) || s[i] == '-'); i++) {
                if (s[i] == '-')
                    fputs("\\-", f);
                else
                    fputc(s[i], f);
            }
            fputs("\\fR", f);
            i--;
        } else if (s[i] == '\\') {
            fputs("\\e", f);
        } else if (s[i] == '-') {
            fputs("\\-", f);
        } else {
            fputc(s[i], f);
        }
    }
}

/* Writes one line of text: a leading '.' or '\'' would make it a request. */
static void roff_line(FILE *f, const char *s, size_t len)
{
    if (len > 0 && (s[0] == '.' || s[0] == '\''))
        fputs("\\&", f);
    roff_escape(f, s, len);
    fputc('\n', f);
}

/*
 * Writes plain text as roff.  A blank line starts a new paragraph (.PP,
 * or .IP inside the body of a .TP when in_tp); lines indented by spaces
 * are an example, kept line by line (relative indentation too) in an
 * indented no-fill block.
 */
static void roff_text(FILE *f, const char *text, int in_tp)
{
    const char *p = text;
    int block = 0;  /* inside an example block */
    size_t indent = 0; /* spaces of the block's first line */
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p), lead = 0;
        while (lead < len && p[lead] == ' ')
            lead++;
        if (lead > 0 && lead < len) {
            if (!block) {
                fputs(".RS\n.nf\n", f);
                block = 1;
                indent = lead;
            }
            fputs("\\&", f);
            fprintf(f, "%*s", (int)(lead > indent ? lead - indent : 0), "");
            roff_escape(f, p + lead, len - lead);
            fputc('\n', f);
        } else {
            if (block) {
                fputs(".fi\n.RE\n", f);
                block = 0;
            }
            if (lead == len)
                fputs(in_tp ? ".IP\n" : ".PP\n", f);
            else
                roff_line(f, p, len);
        }
        p += len + (eol != NULL);
    }
    if (block)
        fputs(".fi\n.RE\n", f);
}

/* Writes one paragraph of help as a sentence: a capital first, a full stop
 * at the end. */
static void roff_sentence(FILE *f, const char *text)
{
    size_t len = strlen(text);
    if (len == 0)
        return;
    if (islower((unsigned char)text[0])) {
        fputc(toupper((unsigned char)text[0]), f);
        text++;
        len--;
    }
    roff_escape(f, text, len);
    if (len == 0 || text[len - 1] != '.')
        fputc('.', f);
}

/* Operands such as "PROBLEM [FILE...]": the names in italics. */
static void roff_operands(FILE *f, const char *s)
{
    while (*s) {
        size_t n = 0;
        while (isupper((unsigned char)s[n]))
            n++;
        if (n > 0) {
            fputs("\\fI", f);
            fwrite(s, 1, n, f);
            fputs("\\fR", f);
            s += n;
        } else {
            roff_escape(f, s, 1);
            s++;
        }
    }
}

/* "\fB--long\fR", or "\fB-s\fR, \fB--long\fR", then " \fIARG\fR". */
static void roff_option_head(FILE *f, const cli_option *o, int with_arg)
{
    if (o->short_name)
        fprintf(f, "\\fB\\-%c\\fR, ", o->short_name);
    fputs("\\fB\\-\\-", f);
    roff_escape(f, o->long_name, strlen(o->long_name));
    fputs("\\fR", f);
    if (with_arg && o->arg) {
        fputs(" \\fI", f);
        roff_escape(f, o->arg, strlen(o->arg));
        fputs("\\fR", f);
    }
}

/* ------------------------------------------------------------------ */
/* The generated sections                                              */
/* ------------------------------------------------------------------ */

static void man_synopsis(FILE *f)
{
    int i;
    for (i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        fprintf(f, "\\fBsudokit %s\\fR [\\fIOPTIONS\\fR]", c->name);
        if (c->operands[0]) {
            fputc(' ', f);
            roff_operands(f, c->operands);
        }
        fputs("\n.br\n", f);
    }
    fputs("\\fBsudokit \\-\\-version\\fR | \\fB\\-\\-help\\fR\n", f);
}

/* The commands that take o, "solve, count", or "every command". */
static void man_option_commands(FILE *f, const cli_option *o)
{
    int i, all = 1, n = 0;
    for (i = 0; cli_commands[i]; i++)
        if (!(o->commands & cli_commands[i]->bit))
            all = 0;
    if (all) {
        fputs("every command", f);
        return;
    }
    for (i = 0; cli_commands[i]; i++)
        if (o->commands & cli_commands[i]->bit)
            fprintf(f, "%s%s", n++ ? ", " : "", cli_commands[i]->name);
}

static void man_command(FILE *f, const cli_command *c)
{
    char text[1024];
    const char *name;
    size_t i;
    int n = 0;
    fprintf(f, ".SS \"%s%s%s\"\n", c->name, c->operands[0] ? " " : "", c->operands);
    roff_text(f, c->description, 0);
    if (c->entry) {
        fputs(".PP\n", f);
        roff_line(f, c->entries_title, strlen(c->entries_title));
        for (i = 0; (name = c->entry(i, text, sizeof text)) != NULL; i++) {
            fputs(".TP\n\\fB", f);
            roff_escape(f, name, strlen(name));
            fputs("\\fR\n", f);
            roff_text(f, text, 1);
        }
    }
    fputs(".PP\nOptions: ", f);
    for (i = 0; i < cli_noptions; i++) {
        if (!(cli_options[i].commands & c->bit))
            continue;
        if (n++)
            fputs(", ", f);
        roff_option_head(f, &cli_options[i], 0);
    }
    fputs(" (see\n.BR OPTIONS ).\n", f);
}

static void man_commands(FILE *f)
{
    int i;
    for (i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        fprintf(f, ".TP\n\\fB%s\\fR\n", c->name);
        roff_sentence(f, c->summary);
        fputc('\n', f);
    }
    for (i = 0; cli_commands[i]; i++)
        man_command(f, cli_commands[i]);
}

static void man_options(FILE *f)
{
    int k;
    size_t i;
    char help[1024];
    for (k = 1; k <= CLI_GROUP_COUNT_; k++) {
        int g = k % CLI_GROUP_COUNT_, shown = 0; /* CLI_GROUP_OTHER last */
        for (i = 0; i < cli_noptions; i++) {
            const cli_option *o = &cli_options[i];
            if ((int)o->group != g)
                continue;
            if (!shown++)
                fprintf(f, ".SS \"%s\"\n", cli_option_groups[g]);
            fputs(".TP\n", f);
            roff_option_head(f, o, 1);
            fputs("\n(", f);
            man_option_commands(f, o);
            fputs(") ", f);
            roff_sentence(f, cli_option_help(o, help, sizeof help));
            fputc('\n', f);
            if (o->more)
                roff_line(f, o->more, strlen(o->more));
        }
    }
}

static void man_exit_status(FILE *f)
{
    const cli_exit_code *e;
    for (e = cli_exit_codes; e->meaning; e++) {
        fprintf(f, ".TP\n.B %d\n", e->code);
        roff_sentence(f, e->meaning);
        fputc('\n', f);
    }
    fputs(".PP\n" CLI_EXIT_NOTE "\n", f);
}

void cli_print_man(FILE *f)
{
    static const struct {
        const char *marker;
        void (*write)(FILE *f);
    } sections[] = {
        {"@SYNOPSIS@", man_synopsis},
        {"@COMMANDS@", man_commands},
        {"@OPTIONS@", man_options},
        {"@EXIT_STATUS@", man_exit_status},
    };
    static const char version[] = "@VERSION@";
    size_t i, k;
    for (i = 0; cli_man_template[i]; i++) {
        const char *line = cli_man_template[i], *at;
        for (k = 0; k < sizeof sections / sizeof sections[0]; k++)
            if (strcmp(line, sections[k].marker) == 0)
                break;
        if (k < sizeof sections / sizeof sections[0]) {
            sections[k].write(f);
            continue;
        }
        while ((at = strstr(line, version)) != NULL) {
            fwrite(line, 1, (size_t)(at - line), f);
            fputs(sk_version(), f);
            line = at + sizeof version - 1;
        }
        fprintf(f, "%s\n", line);
    }
}

/* ------------------------------------------------------------------ */
/* The lists of names                                                  */
/* ------------------------------------------------------------------ */

void cli_print_list(FILE *f)
{
    char text[1024];
    const cli_exit_code *e;
    const cli_value *v;
    const char *name;
    size_t i, k;
    for (i = 0; cli_commands[i]; i++)
        fprintf(f, "command %s\n", cli_commands[i]->name);
    for (i = 0; cli_commands[i]; i++)
        for (k = 0; k < cli_noptions; k++) {
            const cli_option *o = &cli_options[k];
            if (!(o->commands & cli_commands[i]->bit))
                continue;
            fprintf(f, "option %s --%s", cli_commands[i]->name, o->long_name);
            if (o->short_name)
                fprintf(f, " -%c", o->short_name);
            fputc('\n', f);
        }
    for (k = 0; k < cli_noptions; k++)
        for (v = cli_options[k].values; v && v->name; v++)
            fprintf(f, "value --%s %s\n", cli_options[k].long_name, v->name);
    for (e = cli_exit_codes; e->meaning; e++)
        fprintf(f, "exit %d\n", e->code);
    for (i = 0; cli_commands[i]; i++)
        for (k = 0; cli_commands[i]->entry &&
                    (name = cli_commands[i]->entry(k, text, sizeof text)) != NULL;
             k++)
            fprintf(f, "entry %s %s\n", cli_commands[i]->name, name);
}
