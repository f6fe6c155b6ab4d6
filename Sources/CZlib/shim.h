#ifndef EPLINT_CZLIB_SHIM_H
#define EPLINT_CZLIB_SHIM_H
#include <zlib.h>
#endif
