package io.iopath.device.disk.disksim;

import io.iopath.device.disk.disksim.ParamDocument.Instantiation;
import io.iopath.device.disk.disksim.ParamDocument.TopologyNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses DiskSim's libparam syntax: top-level {@code TYPE NAME { key = value, … }} blocks,
 * nested blocks, lists {@code [ … ]}, {@code source FILE} (at top level: merge that file's
 * definitions; as a value: the block that file defines), {@code #} comments,
 * {@code instantiate [ names ] as TYPE} and {@code topology} trees.
 *
 * <p>Keys are phrases ({@code Segment size (in blks)}), so the lexer splits only on whitespace
 * and the punctuation {@code { } [ ] , =}; a key is the run of words before {@code =}.
 */
final class LibParamParser {
    private static final int MAX_INCLUDE_DEPTH = 16;
    private static final Pattern INDEXED = Pattern.compile("(.*?)(\\d+)");

    private final Deque<String> includeStack = new ArrayDeque<>();
    private final Map<String, ParamSource> sources = new HashMap<>();

    private LibParamParser() {
    }

    /** Parses {@code source} and everything it includes. */
    public static ParamDocument parse(ParamSource source) {
        return new LibParamParser().include(source, null, 0);
    }

    private ParamDocument include(ParamSource source, String referrer, int referrerLine) {
        String name = source.displayName();
        if (includeStack.contains(name) || includeStack.size() >= MAX_INCLUDE_DEPTH) {
            throw new ParameterFileException(referrer, referrerLine, "source",
                    "expected a file that does not include itself, got a cycle through " + name);
        }
        includeStack.push(name);
        sources.put(name, source);
        try {
            return new FileParser(source, source.readOrFail(referrer, referrerLine)).document();
        } finally {
            includeStack.pop();
        }
    }

    private enum Kind { WORD, LBRACE, RBRACE, LBRACKET, RBRACKET, COMMA, EQUALS, EOF }

    private record Token(Kind kind, String text, int line) {
        String describe() {
            return kind == Kind.EOF ? "end of file" : "\"" + text + "\"";
        }
    }

    /**
     * Tokens of one file; comments run from {@code #} to the end of the line. A control character
     * outside a comment means the file is not a parameter file (or is damaged): it is refused here,
     * before it could reach a file name and fail there with no file or line to show.
     */
    private static List<Token> tokenize(String file, String text) {
        List<Token> tokens = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c < 0x20 || c == 0x7f) {
                throw new ParameterFileException(file, line, "", String.format(Locale.ROOT,
                        "expected text, got control character 0x%02X (not a DiskSim parameter file?)", (int) c));
            } else if (c == '#') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if ("{}[],=".indexOf(c) >= 0) {
                Kind kind = switch (c) {
                    case '{' -> Kind.LBRACE;
                    case '}' -> Kind.RBRACE;
                    case '[' -> Kind.LBRACKET;
                    case ']' -> Kind.RBRACKET;
                    case ',' -> Kind.COMMA;
                    default -> Kind.EQUALS;
                };
                tokens.add(new Token(kind, String.valueOf(c), line));
                i++;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(text.charAt(i)) && text.charAt(i) >= 0x20 && text.charAt(i) != 0x7f
                        && "{}[],=#".indexOf(text.charAt(i)) < 0) {
                    i++;
                }
                tokens.add(new Token(Kind.WORD, text.substring(start, i), line));
            }
        }
        tokens.add(new Token(Kind.EOF, "", line));
        return tokens;
    }

    /** Recursive descent over one file's tokens. */
    private final class FileParser {
        private final ParamSource source;
        private final String file;
        private final List<Token> tokens;
        private int pos;

        FileParser(ParamSource source, String text) {
            this.source = source;
            this.file = source.displayName();
            this.tokens = tokenize(file, text);
        }

        ParamDocument document() {
            List<ParamBlock> blocks = new ArrayList<>();
            List<Instantiation> instances = new ArrayList<>();
            List<TopologyNode> topology = new ArrayList<>();
            while (peek().kind() != Kind.EOF) {
                Token head = expect(Kind.WORD, "", "a block type, source, instantiate or topology");
                switch (head.text()) {
                    case "source" -> {
                        Token target = expect(Kind.WORD, "source", "a file name");
                        ParamDocument included = include(source.sibling(target.text()), file, target.line());
                        blocks.addAll(included.blocks());
                        instances.addAll(included.instantiations());
                        topology.addAll(included.topology());
                    }
                    case "instantiate" -> instances.add(instantiation(head));
                    case "topology" -> topology.add(topologyNode());
                    default -> {
                        Token name = expect(Kind.WORD, head.text(), "a block name");
                        expect(Kind.LBRACE, head.text() + " " + name.text(), "\"{\"");
                        blocks.add(blockBody(head.text(), name.text(), head.line()));
                    }
                }
            }
            return new ParamDocument(file, blocks, instances, topology, sources);
        }

        private Instantiation instantiation(Token head) {
            expect(Kind.LBRACKET, "instantiate", "\"[\"");
            List<String> names = new ArrayList<>();
            while (peek().kind() == Kind.WORD || peek().kind() == Kind.COMMA) {
                Token t = next();
                if (t.kind() == Kind.COMMA) {
                    continue;
                }
                if (t.text().equals("..")) {
                    if (names.isEmpty() || peek().kind() != Kind.WORD) {
                        throw syntax(t, "instantiate", "a name before and after \"..\"");
                    }
                    names.addAll(expandRange(names.remove(names.size() - 1), next()));
                } else {
                    names.add(t.text());
                }
            }
            expect(Kind.RBRACKET, "instantiate", "\"]\"");
            Token as = expect(Kind.WORD, "instantiate", "\"as\"");
            if (!as.text().equals("as")) {
                throw syntax(as, "instantiate", "\"as\"");
            }
            Token type = expect(Kind.WORD, "instantiate", "a type name");
            return new Instantiation(names, type.text(), file, head.line());
        }

        /** {@code disk0 .. disk17} → disk0, disk1, …, disk17. */
        private List<String> expandRange(String first, Token lastToken) {
            Matcher a = INDEXED.matcher(first);
            Matcher b = INDEXED.matcher(lastToken.text());
            if (!a.matches() || !b.matches() || !a.group(1).equals(b.group(1)) || a.group(2).length() > 6
                    || b.group(2).length() > 6 || Integer.parseInt(a.group(2)) > Integer.parseInt(b.group(2))) {
                throw syntax(lastToken, "instantiate", "a range such as disk0 .. disk7");
            }
            List<String> out = new ArrayList<>();
            for (int k = Integer.parseInt(a.group(2)); k <= Integer.parseInt(b.group(2)); k++) {
                out.add(a.group(1) + k);
            }
            return out;
        }

        private TopologyNode topologyNode() {
            Token type = expect(Kind.WORD, "topology", "a component type");
            Token name = expect(Kind.WORD, "topology", "a component name");
            expect(Kind.LBRACKET, "topology", "\"[\"");
            List<TopologyNode> children = new ArrayList<>();
            while (peek().kind() != Kind.RBRACKET) {
                children.add(topologyNode());
                if (peek().kind() == Kind.COMMA) {
                    next();
                }
            }
            next();
            return new TopologyNode(type.text(), name.text(), children, file, type.line());
        }

        /** After the opening brace: {@code key = value} entries separated by commas, then "}". */
        private ParamBlock blockBody(String type, String name, int line) {
            List<Param> params = new ArrayList<>();
            String where = type + (name.isEmpty() ? "" : " " + name);
            while (peek().kind() != Kind.RBRACE) {
                Token first = expect(Kind.WORD, where, "a parameter name or \"}\"");
                StringBuilder key = new StringBuilder(first.text());
                while (peek().kind() == Kind.WORD) {
                    key.append(' ').append(next().text());
                }
                expect(Kind.EQUALS, key.toString(), "\"=\"");
                params.add(new Param(key.toString(), value(key.toString()), first.line()));
                Token sep = peek();
                if (sep.kind() == Kind.COMMA) {
                    next();
                } else if (sep.kind() != Kind.RBRACE) {
                    throw syntax(sep, key.toString(), "\",\" or \"}\" after the value");
                }
            }
            next();
            return new ParamBlock(type, name, params, file, line);
        }

        private ParamValue value(String key) {
            Token t = peek();
            switch (t.kind()) {
                case LBRACKET -> {
                    next();
                    List<ParamValue> items = new ArrayList<>();
                    while (peek().kind() != Kind.RBRACKET) {
                        if (peek().kind() == Kind.COMMA) {
                            next();
                            continue;
                        }
                        if (peek().kind() == Kind.EOF) {
                            throw syntax(peek(), key, "\"]\"");
                        }
                        items.add(value(key));
                    }
                    next();
                    return new ParamValue.ListValue(items, file, t.line());
                }
                case WORD -> {
                    next();
                    if (t.text().equals("source") && peek().kind() == Kind.WORD) {
                        return sourcedBlock(key, next());
                    }
                    if (peek().kind() == Kind.LBRACE) {
                        next();
                        return blockBody(t.text(), "", t.line());
                    }
                    return new ParamValue.Word(t.text(), file, t.line());
                }
                default -> throw syntax(t, key, "a value");
            }
        }

        /** {@code Model = source atlas10k.model}: the single block that file defines. */
        private ParamBlock sourcedBlock(String key, Token target) {
            ParamDocument included = include(source.sibling(target.text()), file, target.line());
            if (included.blocks().size() != 1) {
                throw ParameterFileException.expected(file, target.line(), key, "a file defining exactly one block",
                        target.text() + " defining " + included.blocks().size());
            }
            return included.blocks().get(0);
        }

        private Token peek() {
            return tokens.get(pos);
        }

        private Token next() {
            Token t = tokens.get(pos);
            if (t.kind() != Kind.EOF) {
                pos++;
            }
            return t;
        }

        private Token expect(Kind kind, String parameter, String expected) {
            Token t = peek();
            if (t.kind() != kind) {
                throw syntax(t, parameter, expected);
            }
            return next();
        }

        private ParameterFileException syntax(Token at, String parameter, String expected) {
            return ParameterFileException.expected(file, at.line(), parameter, expected, at.describe());
        }
    }
}
