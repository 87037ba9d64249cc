package io.iopath.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.request.LbaFormat;
import org.junit.jupiter.api.Test;

class ProtectionInfoTest {
    @Test
    void extendedLbaFromABlockSizeThatIsNotAMultipleOf512() {
        // fio examples/uring-cmd-pi-ext.fio: bs=4160, eight 512+8 blocks
        LbaFormat f = ProtectionInfo.format(4160, 0);
        assertEquals(new LbaFormat(512, 8, true, 1), f);
        assertEquals(520, f.hostBlockBytes(false));
    }

    @Test
    void separateBufferFromMdPerIoSize() {
        // fio examples/uring-cmd-pi-sb.fio and xnvme-pi.fio: bs=4096, md_per_io_size=64 -> 8 per block
        assertEquals(new LbaFormat(512, 8, false, 1), ProtectionInfo.format(4096, 64));
        assertEquals(new LbaFormat(512, 16, false, 1), ProtectionInfo.format(8192, 256));
        assertEquals(new LbaFormat(512, 0, false, 0), ProtectionInfo.format(4096, 0));
    }

    @Test
    void fioRefusals() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProtectionInfo.format(4096, 4));
        assertTrue(e.getMessage().contains("md_per_io_size should be at least 8 bytes"), e.getMessage());
        // 4100 = 8 x 512 + 4: not a whole number of 512+N blocks
        e = assertThrows(IllegalArgumentException.class, () -> ProtectionInfo.format(4100, 0));
        assertTrue(e.getMessage().contains("LBA data size + Metadata size"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProtectionInfo.format(100, 0));
        assertThrows(IllegalArgumentException.class, () -> ProtectionInfo.format(4160, 64));
    }

    @Test
    void piChkIsASubstringSearchAsInFio() {
        assertEquals(ProtectionInfo.GUARD | ProtectionInfo.APPTAG | ProtectionInfo.REFTAG,
                ProtectionInfo.checks("GUARD,APPTAG,REFTAG"));
        assertEquals(ProtectionInfo.REFTAG, ProtectionInfo.checks("xREFTAGx"));
        assertEquals(0, ProtectionInfo.checks("guard")); // fio's strstr is case-sensitive: a bad value checks nothing
        assertFalse(ProtectionInfo.checks("") != 0);
    }
}
