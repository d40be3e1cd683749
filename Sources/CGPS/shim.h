#ifndef PACER_CGPS_SHIM_H
#define PACER_CGPS_SHIM_H
#include <gps.h>
#endif
