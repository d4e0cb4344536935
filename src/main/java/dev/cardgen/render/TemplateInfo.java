package dev.cardgen.render;

/** What the API lists about a template. */
public record TemplateInfo(String id, String name, String description) {}
