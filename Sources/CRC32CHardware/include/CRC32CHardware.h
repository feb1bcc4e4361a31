// The processor's own CRC-32C instruction, for ProjectManagerData's CRC32C: SSE 4.2's `crc32` on
// x86-64 (checked at run time), ARMv8's `crc32c` where the compiler targets it. Swift has no
// access to either; everything else about the checksum is in Swift.

#ifndef CRC32C_HARDWARE_H
#define CRC32C_HARDWARE_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has a CRC-32C instruction that `pm_crc32c_hardware_update` uses; 0 otherwise.
int pm_crc32c_hardware_available(void);

/// Feeds `count` bytes from `bytes` into `crc`, the checksum's register (before its final
/// inversion), and returns the register. Call it only when `pm_crc32c_hardware_available()` is 1.
uint32_t pm_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count);

#endif
