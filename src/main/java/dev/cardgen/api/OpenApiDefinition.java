package dev.cardgen.api;

import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The API description at /q/openapi: the Bearer key scheme applies to every operation unless one says otherwise. */
@OpenAPIDefinition(
        info = @Info(title = "cardgen API", version = "1",
                description = "Product photo to marketplace-ready product cards. Errors: {\"error\":{\"type\",\"code\",\"message\",\"param\"}}."),
        security = @SecurityRequirement(name = "apiKey"),
        tags = {@Tag(name = "Assets"), @Tag(name = "Generations"), @Tag(name = "Exports"), @Tag(name = "Projects"), @Tag(name = "Admin")})
@SecurityScheme(securitySchemeName = "apiKey", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "Authorization: Bearer <API_KEY>. Keys are issued through the admin API; in dev mode the key is printed at start.")
public final class OpenApiDefinition {
    private OpenApiDefinition() {
    }
}
