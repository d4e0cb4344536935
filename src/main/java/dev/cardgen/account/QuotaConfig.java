package dev.cardgen.account;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The generation quota under {@code cardgen.quota.*}. */
@ConfigMapping(prefix = "cardgen.quota")
public interface QuotaConfig {

    /** Monthly allowance in variant units for accounts without their own. */
    @WithDefault("1000")
    int monthlyVariants();
}
