#ifndef CSODIUM_SHIM_H
#define CSODIUM_SHIM_H
// libsodium: only its password hashing (Argon2id) is used, by StaffAuth's PIN hasher.
#include <sodium.h>
#endif
