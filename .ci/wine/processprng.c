/*
 * bcryptprimitives.dll with the one function Rust's standard library needs
 * from it (ProcessPrng, used since Rust 1.78 for HashMap keys and the
 * like). Debian's Wine 8 has no bcryptprimitives.dll, so Windows test
 * binaries exit with 0xC0000135 (DLL not found) before main. This shim is
 * for CI under Wine only (.ci/windows-wine builds it beside the
 * executables); real Windows 10 and 11 have the real DLL.
 *
 * ProcessPrng fills the buffer from advapi32's SystemFunction036
 * (RtlGenRandom), which Wine provides. It always returns TRUE on Windows;
 * here it returns FALSE only if RtlGenRandom fails.
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
