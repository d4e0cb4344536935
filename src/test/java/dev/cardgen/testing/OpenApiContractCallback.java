package dev.cardgen.testing;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;

/** Puts {@link OpenApiContract} in front of every rest-assured call of every {@code @QuarkusTest}, present and future. */
public class OpenApiContractCallback implements QuarkusTestBeforeEachCallback {

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        if (!RestAssured.filters().contains(OpenApiContract.INSTANCE)) {
            RestAssured.filters(OpenApiContract.INSTANCE);
        }
    }
}
