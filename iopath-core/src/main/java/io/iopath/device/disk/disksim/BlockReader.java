package io.iopath.device.disk.disksim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Typed access to one block's parameters with {@code file:line: parameter: expected …, got …}
 * errors. It remembers which keys were read, so the rest can be kept as "known to DiskSim,
 * ignored by iopath" ({@link #unread()}).
 */
final class BlockReader {
    private final ParamBlock block;
    private final Set<String> read = new HashSet<>();

    BlockReader(ParamBlock block) {
        DiskSimVocabulary.check(block);
        this.block = block;
    }

    ParamBlock block() {
        return block;
    }

    Optional<Param> optional(String key) {
        read.add(key);
        return block.param(key);
    }

    Param required(String key) {
        return optional(key).orElseThrow(() -> ParameterFileException.expected(block.file(), block.line(), key,
                "this parameter in " + block.type() + (block.name().isEmpty() ? "" : " " + block.name()), "nothing"));
    }

    double number(String key) {
        return toNumber(required(key));
    }

    double number(String key, double fallback) {
        return optional(key).map(BlockReader::toNumber).orElse(fallback);
    }

    int integer(String key) {
        return toInt(required(key));
    }

    int integer(String key, int fallback) {
        return optional(key).map(BlockReader::toInt).orElse(fallback);
    }

    long longValue(String key) {
        return toLong(required(key).value(), key);
    }

    boolean flag(String key, boolean fallback) {
        return optional(key).map(p -> toInt(p) != 0).orElse(fallback);
    }

    String word(String key) {
        Param p = required(key);
        return p.value().asWord().orElseThrow(() -> ParameterFileException.expected(p.value().file(), p.value().line(),
                key, "a word", p.value().describe()));
    }

    Optional<String> optionalWord(String key) {
        return optional(key).map(p -> p.value().asWord().orElseThrow(() -> ParameterFileException.expected(
                p.value().file(), p.value().line(), key, "a word", p.value().describe())));
    }

    ParamBlock block(String key, String type) {
        Param p = required(key);
        if (!(p.value() instanceof ParamBlock b) || !b.type().equals(type)) {
            throw ParameterFileException.expected(p.value().file(), p.value().line(), key, "a " + type + " block",
                    p.value() instanceof ParamBlock b2 ? "a " + b2.type() + " block" : p.value().describe());
        }
        return (ParamBlock) p.value();
    }

    List<ParamValue> list(String key) {
        Param p = required(key);
        return listOf(p);
    }

    Optional<List<ParamValue>> optionalList(String key) {
        return optional(key).map(BlockReader::listOf);
    }

    List<Double> numbers(String key) {
        return optionalList(key).map(items -> items.stream().map(v -> toNumber(v, key)).toList()).orElse(List.of());
    }

    List<Long> longs(String key) {
        return optionalList(key).map(items -> items.stream().map(v -> toLong(v, key)).toList()).orElse(List.of());
    }

    /** An integer parameter mapped through a DiskSim code table (e.g. policy numbers). */
    <E> E code(String key, IntFunction<Optional<E>> lookup, String expected) {
        Param p = required(key);
        int code = toInt(p);
        return lookup.apply(code).orElseThrow(() -> ParameterFileException.expected(p.value().file(), p.value().line(),
                key, expected, String.valueOf(code)));
    }

    /** Parameters not read by the typed mapping, as their source text (blocks shown by type). */
    Map<String, String> unread() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Param p : block.params()) {
            if (!read.contains(p.key())) {
                out.put(p.key(), render(p.value()));
            }
        }
        return Map.copyOf(out);
    }

    static String render(ParamValue v) {
        if (v instanceof ParamValue.Word w) {
            return w.text();
        }
        if (v instanceof ParamValue.ListValue l) {
            List<String> parts = new ArrayList<>();
            l.items().forEach(i -> parts.add(render(i)));
            return "[" + String.join(", ", parts) + "]";
        }
        ParamBlock b = (ParamBlock) v;
        List<String> parts = new ArrayList<>();
        b.params().forEach(p -> parts.add(p.key() + " = " + render(p.value())));
        return b.type() + " { " + String.join(", ", parts) + " }";
    }

    private static List<ParamValue> listOf(Param p) {
        if (p.value() instanceof ParamValue.ListValue l) {
            return l.items();
        }
        throw ParameterFileException.expected(p.value().file(), p.value().line(), p.key(), "a list [ … ]",
                p.value().describe());
    }

    private static double toNumber(Param p) {
        return toNumber(p.value(), p.key());
    }

    static double toNumber(ParamValue v, String key) {
        String text = v.asWord().orElseThrow(() -> ParameterFileException.expected(v.file(), v.line(), key, "a number",
                v.describe()));
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return Long.parseLong(text.substring(2), 16);
            }
            double d = Double.parseDouble(text);
            if (!Double.isFinite(d) || text.endsWith("d") || text.endsWith("f") || text.endsWith("D")
                    || text.endsWith("F")) {
                throw new NumberFormatException(text);
            }
            return d;
        } catch (NumberFormatException e) {
            throw ParameterFileException.expected(v.file(), v.line(), key, "a number", v.describe());
        }
    }

    private static int toInt(Param p) {
        long value = toLong(p.value(), p.key());
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw ParameterFileException.expected(p.value().file(), p.value().line(), p.key(), "an integer",
                    p.value().describe());
        }
        return (int) value;
    }

    /** DiskSim writes some integers as "1.0"; accept them when integral. */
    static long toLong(ParamValue v, String key) {
        double d = toNumber(v, key);
        if (d != Math.rint(d) || Math.abs(d) > 1e15) {
            throw ParameterFileException.expected(v.file(), v.line(), key, "an integer", v.describe());
        }
        return (long) d;
    }
}
