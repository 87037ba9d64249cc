package io.iopath.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UnitsTest {

    @ParameterizedTest
    @CsvSource({
        "512, 512",
        "4k, 4096",
        "4K, 4096",
        "4KiB, 4096",
        "128k, 131072",
        "1m, 1048576",
        "90g, 96636764160",
        "1t, 1099511627776",
        "1.5k, 1536",
    })
    void sizesAreBinaryMultiples(String text, long bytes) {
        assertThat(Units.parseSize(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "k", "-4k", "4x", "four", "0.3"})
    void badSizesAreRejected(String text) {
        assertThatThrownBy(() -> Units.parseSize(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "500us, 500000",
        "6ms, 6000000",
        "30s, 30000000000",
        "250ns, 250",
        "1.5ms, 1500000",
        "2min, 120000000000",
    })
    void timesBecomeNanoseconds(String text, long ns) {
        assertThat(Units.parseTime(text)).isEqualTo(ns);
    }

    @ParameterizedTest
    @ValueSource(strings = {"6", "6 parsecs", "ms", "-1ms"})
    void timesNeedAUnit(String text) {
        assertThatThrownBy(() -> Units.parseTime(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({"7200rpm, 7200", "15000, 15000", "10025.5rpm, 10025.5"})
    void spindleSpeeds(String text, double rpm) {
        assertThat(Units.parseRpm(text)).isEqualTo(rpm);
    }

    @ParameterizedTest
    @CsvSource({"4096, 4k", "131072, 128k", "96636764160, 90g", "1000, 1000"})
    void sizesFormatBackExactly(long bytes, String text) {
        assertThat(Units.formatSize(bytes)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({
        "30, 1000000000, 30000000000",
        "30, 1000, 30000",
        "500us, 1000000000, 500000",
        "6msec, 1000, 6000000",
        "2m, 1000, 120000000000",
        "1d, 1000, 86400000000000",
    })
    void fioTimesTakeTheOptionsUnitWhenBare(String text, long bareUnitNs, long ns) {
        assertThat(Units.parseFioTime(text, bareUnitNs)).isEqualTo(ns);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ms", "-1", "6 parsecs", "40000d"})
    void badFioTimesAreRejected(String text) {
        assertThatThrownBy(() -> Units.parseFioTime(text, 1_000_000_000L)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({"4KiB, 4096", "4kb, 4096", "4096p, 4611686018427387904"})
    void fioSizesGoUpToTwoToTheSixtySecond(String text, long bytes) {
        assertThat(Units.parseFioSize(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"4097p", "0.5", "4x"})
    void fioSizesBeyondOrBetweenBytesAreRejected(String text) {
        assertThatThrownBy(() -> Units.parseFioSize(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({"1500000, 1.5", "250, 0.00025"})
    void reportsShowNanosecondsInMilliseconds(long ns, double ms) {
        assertThat(Units.ms(ns)).isEqualTo(ms);
    }
}
