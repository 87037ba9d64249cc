package io.iopath.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LbaFormatTest {
    @Test
    void extendedFourKPlusEightMovesDataAndMetadataPerBlock() {
        LbaFormat f = new LbaFormat(4096, 8, true, 1);
        assertEquals(4104, f.busBytesPerBlock(false));
        assertEquals(4104, f.hostBlockBytes(false));
        assertEquals(8 * 4104L, f.busBytes(8, false));
    }

    @Test
    void practWithEightBytesOfMetadataLeavesTheHostNoPi() {
        // engines/nvme.c fio_nvme_get_info: pi_act && ms == pi_size -> ms = 0
        LbaFormat f = new LbaFormat(4096, 8, true, 1);
        assertEquals(4096, f.busBytesPerBlock(true));
        assertEquals(4096, f.hostBlockBytes(true));
    }

    @Test
    void practWithSixteenBytesStillMovesTheMetadata() {
        LbaFormat f = new LbaFormat(512, 16, false, 1);
        assertEquals(528, f.busBytesPerBlock(true));
        assertEquals(512, f.hostBlockBytes(true)); // separate buffer: offsets count data only
    }

    @Test
    void extendedFioPiExtJobIsEightBlocksOf520() {
        // examples/uring-cmd-pi-ext.fio: bs=4160 on a 512+8 extended format
        LbaFormat f = new LbaFormat(512, 8, true, 1);
        assertEquals(0, 4160 % f.hostBlockBytes(false));
        assertEquals(4160, f.busBytes(4160 / f.hostBlockBytes(false), false));
    }

    @Test
    void refusesPiWithoutRoomForIt() {
        assertThrows(IllegalArgumentException.class, () -> new LbaFormat(512, 4, false, 1));
        assertThrows(IllegalArgumentException.class, () -> new LbaFormat(520, 8, false, 0));
    }
}
