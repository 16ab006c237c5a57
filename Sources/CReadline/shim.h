#include <stdio.h>
#if __has_include(<readline/readline.h>)
#include <readline/readline.h>
#include <readline/history.h>
#define PLUME_HAS_READLINE 1
#elif __has_include(<editline/readline.h>)
#include <editline/readline.h>
#define PLUME_HAS_READLINE 1
#endif
