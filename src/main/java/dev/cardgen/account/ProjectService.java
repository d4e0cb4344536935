package dev.cardgen.account;

import dev.cardgen.core.OwnedEntity;
import dev.cardgen.core.Ids;
import dev.cardgen.api.Owned;
import dev.cardgen.api.PageRequest;
import dev.cardgen.api.Page;
import dev.cardgen.core.Times;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Clock;

/** Projects of the calling account; every lookup is scoped to it. */
@ApplicationScoped
@Transactional
public class ProjectService {

    @Inject
    Clock clock;

    public Project create(String accountId, String name) {
        Project project = new Project();
        project.id = Ids.next(Ids.PROJECT);
        project.accountId = accountId;
        project.name = name;
        project.isDefault = false;
        project.createdAt = Times.now(clock);
        project.persist();
        return project;
    }

    /** The project with this id in this account, or 404 exactly as for an id that never existed. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Project require(String accountId, String id, String param) {
        return Owned.require("project", id, param, i -> Ids.looksLike(Ids.PROJECT, i), i -> OwnedEntity.findOwned(Project.class, accountId, i));
    }

    /** {@code projectId} when given (checked), else the account's default project. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Project resolve(String accountId, String projectId) {
        if (projectId == null || projectId.isBlank()) {
            return Project.findDefault(accountId).orElseThrow(() -> new IllegalStateException("account without default project"));
        }
        return require(accountId, projectId.trim(), "project_id");
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<Project> list(String accountId, PageRequest page) {
        return Page.query(Project.class, "accountId = ?1", page, accountId);
    }
}
