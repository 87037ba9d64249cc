package io.iopath.device.disk.disksim;

import java.util.List;
import java.util.Optional;

/**
 * One value of DiskSim's libparam syntax: a bare word or number, a bracketed list, or a typed
 * block {@code type { key = value, … }}. {@code source FILE} in value position is resolved by
 * the parser into the block that FILE defines, so callers never see it.
 */
sealed interface ParamValue permits ParamValue.Word, ParamValue.ListValue, ParamBlock {

    /** File the value was read from (as named in messages). */
    String file();

    /** 1-based line the value starts on. */
    int line();

    /** How the value reads in an error message. */
    String describe();

    /** A bare token: number, identifier, file name ({@code atlas10k.seek}), hex ({@code 0x0e}). */
    record Word(String text, String file, int line) implements ParamValue {
        @Override
        public String describe() {
            return "\"" + text + "\"";
        }
    }

    /** {@code [ a, b, … ]}; DiskSim also writes ranges as {@code [ disk0 .. disk8 ]}. */
    record ListValue(List<ParamValue> items, String file, int line) implements ParamValue {
        public ListValue {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list of " + items.size();
        }
    }

    /** Convenience: this value as a word, if it is one. */
    default Optional<String> asWord() {
        return this instanceof Word w ? Optional.of(w.text()) : Optional.empty();
    }
}
