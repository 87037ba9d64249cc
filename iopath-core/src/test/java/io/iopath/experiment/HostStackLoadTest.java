package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HostStackLoadTest {
    @Test
    void theBenchScenarioIsTheSameInEveryDefaultLocale() {
        // String.formatted writes an Egyptian default locale's digits as Arabic-Indic ones,
        // which the scenario reader (rightly) refuses
        String text = HostStackLoad.text(1_000_000, 66);
        assertThat(text).contains("rwmixread: 66").contains("number_ios: 1000000");
        Locale before = Locale.getDefault();
        try {
            for (Locale l : List.of(Locale.forLanguageTag("ar-EG"), Locale.forLanguageTag("hi-IN-u-nu-deva"), Locale.GERMANY)) {
                Locale.setDefault(l);
                assertThat(HostStackLoad.text(1_000_000, 66)).as(l.toString()).isEqualTo(text);
                assertThat(HostStackLoad.scenario(1_000).jobs().get(0).rwmixread()).isEqualTo(66);
            }
        } finally {
            Locale.setDefault(before);
        }
    }
}
