#ifndef PACER_CBLUETOOTH_SHIM_H
#define PACER_CBLUETOOTH_SHIM_H
#include <bluetooth/bluetooth.h>
#endif
