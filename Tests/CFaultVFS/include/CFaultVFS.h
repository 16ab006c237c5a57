#include "fault_vfs.h"
#include "fault_malloc.h"
