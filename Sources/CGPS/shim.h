#ifndef PACER_CGPS_SHIM_H
#define PACER_CGPS_SHIM_H
/* Types and constants only: libgps itself is loaded at run time (LibGPS.swift), so that pacerd
   on a serial GPS does not map libgps and the libstdc++ it drags in. */
#include <gps.h>

/* The library built from this header, by its API: 11 is libgps.so.28 (gpsd 3.22, Debian 12), 14 is
   libgps.so.30 (gpsd 3.25, Debian 13 and Raspberry Pi OS trixie). For another API the unversioned
   development link, which comes with the same header, is used. */
#if GPSD_API_MAJOR_VERSION == 11
#define PACER_LIBGPS_SONAME "libgps.so.28"
#elif GPSD_API_MAJOR_VERSION == 14
#define PACER_LIBGPS_SONAME "libgps.so.30"
#else
#define PACER_LIBGPS_SONAME "libgps.so"
#endif
#endif
