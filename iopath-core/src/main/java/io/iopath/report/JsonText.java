package io.iopath.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The JSON iopath writes (results.json, fio's JSON): indented, ending in a newline. */
public final class JsonText {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonText() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static String of(JsonNode json) {
        try {
            return MAPPER.writeValueAsString(json) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
