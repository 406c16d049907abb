//! The `containers` pack: removing containers, images and volumes wholesale.

use super::{Check, Matcher as M, Seen, View};
use crate::knowledge::specs::{COMPOSE, DOCKER_REMOVE};

const DOCKER: &[&str] = &["docker", "podman", "nerdctl"];
const COMPOSE_PROGRAMS: &[&str] = &["docker-compose", "podman-compose"];
const ALL_FLAG: &[&str] = &["-a", "--all"];
const VOLUMES: &[&str] = &["-v", "--volumes"];

const VOLUME_DELETE: &str = "TG-CONTAINER-VOLUME-DELETE";
const COMPOSE_VOLUMES: &str = "TG-CONTAINER-COMPOSE-VOLUMES";
const REMOVE_ALL: &str = "TG-CONTAINER-REMOVE-ALL";
const SYSTEM_PRUNE: &str = "TG-CONTAINER-SYSTEM-PRUNE";
const REGISTRY_DELETE: &str = "TG-CONTAINER-REGISTRY-DELETE";
const REGISTRY_HELP: &[&str] = &["--help", "-h"];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    M::new(
        VOLUME_DELETE,
        DOCKER,
        &[&["volume"], &["rm", "remove", "prune"]],
    )
    .spec(&DOCKER_REMOVE),
    M::new(VOLUME_DELETE, DOCKER, &[&["system"], &["prune"]])
        .spec(&DOCKER_REMOVE)
        .any(&["--volumes"]),
    // `podman system reset` deletes every container, image, volume and pod of the user.
    M::new(VOLUME_DELETE, &["podman"], &[&["system"], &["reset"]])
        .spec(&DOCKER_REMOVE)
        .none(&["--help", "-h"]),
    M::new(COMPOSE_VOLUMES, DOCKER, &[&["compose"], &["down"]])
        .spec(&COMPOSE)
        .any(VOLUMES),
    M::new(COMPOSE_VOLUMES, COMPOSE_PROGRAMS, &[&["down"]]).any(VOLUMES),
    M::new(REMOVE_ALL, DOCKER, &[&["rm"]])
        .spec(&DOCKER_REMOVE)
        .check(Check::EveryContainer),
    M::new(REMOVE_ALL, DOCKER, &[&["container"], &["rm"]])
        .spec(&DOCKER_REMOVE)
        .check(Check::EveryContainer),
    // Every stopped container (what their writable layers hold goes with them), and with
    // `system prune` unused networks, dangling images and build cache too: a person decides.
    // Running containers stay, so it is less than removing every container; caches alone
    // (`builder prune`, `network prune`, `image prune` of dangling images) are everyday.
    M::new(
        SYSTEM_PRUNE,
        DOCKER,
        &[&["system", "container"], &["prune"]],
    )
    .spec(&DOCKER_REMOVE),
    M::new(SYSTEM_PRUNE, &["podman"], &[&["pod"], &["prune"]]).spec(&DOCKER_REMOVE),
    M::new(SYSTEM_PRUNE, DOCKER, &[&["image"], &["prune"]])
        .spec(&DOCKER_REMOVE)
        .any(ALL_FLAG),
    // Every image (`docker rmi -f $(docker images -q)`): as a prune of every unused one,
    // and the ones in use too.
    M::new(SYSTEM_PRUNE, DOCKER, &[&["rmi"]])
        .spec(&DOCKER_REMOVE)
        .check(Check::EveryImage),
    M::new(SYSTEM_PRUNE, DOCKER, &[&["image"], &["rm", "remove"]])
        .spec(&DOCKER_REMOVE)
        .check(Check::EveryImage),
    // crictl, on a Kubernetes node: every container or pod of the node, every image.
    M::new(REMOVE_ALL, &["crictl"], &[&["rm", "rmp"]]).any(ALL_FLAG),
    M::new(SYSTEM_PRUNE, &["crictl"], &[&["rmi"]]).any(&["-a", "--all", "-q", "--prune"]),
    // Images and tags deleted from a registry, for everyone who pulls them.
    M::new(REGISTRY_DELETE, &["crane", "skopeo"], &[&["delete"]]).none(REGISTRY_HELP),
    M::new(
        REGISTRY_DELETE,
        &["regctl"],
        &[
            &["tag", "manifest", "image", "index", "artifact"],
            &["delete", "rm"],
        ],
    )
    .none(REGISTRY_HELP),
    M::new(
        REGISTRY_DELETE,
        &["oras"],
        &[&["manifest", "blob"], &["delete"]],
    )
    .none(REGISTRY_HELP),
];

/// Whether `view` lists every container: `docker ps -a` (or `container ls -a`) without a
/// filter.
fn lists_every_container(view: &View) -> bool {
    let listing = view.path_matches(&[&["ps"]])
        || view.path_matches(&[&["container"], &["ls", "list", "ps"]]);
    listing && view.has(ALL_FLAG) && !view.has(&["-f", "--filter"])
}

/// Whether `view` lists every image: `docker images` (or `image ls`) without a repository or
/// a filter.
fn lists_every_image(view: &View) -> bool {
    let listing = (view.path_matches(&[&["images"]]) && view.operands_after(1).is_empty())
        || (view.path_matches(&[&["image"], &["ls", "list"]]) && view.operands_after(2).is_empty());
    listing && !view.has(&["-f", "--filter"])
}

/// `docker rmi` of every image: `--all` (podman), or images that come from a listing of
/// every image in the same command (`docker rmi -f $(docker images -q)`, `docker images -q |
/// xargs docker rmi`).
pub(super) fn every_image(seen: &Seen<'_>) -> bool {
    removes_every(seen, lists_every_image)
}

/// `docker rm` of every container: `--all` (podman), or containers that come from a listing
/// of every container in the same command (`docker rm -f $(docker ps -aq)`,
/// `docker ps -aq | xargs docker rm -f`).
pub(super) fn every_container(seen: &Seen<'_>) -> bool {
    removes_every(seen, lists_every_container)
}

/// Whether the removal `seen` is given `--all` (podman), or items from run time while a
/// listing of every item (`lists_every`) runs in the same command.
fn removes_every(seen: &Seen<'_>, lists_every: fn(&View) -> bool) -> bool {
    if seen.view.has(ALL_FLAG) {
        return true;
    }
    let from_run_time = seen.cmd.args_from_input || seen.view.any_operand_dynamic();
    from_run_time
        && seen.analysis.commands.iter().any(|c| {
            DOCKER.contains(&c.program_lower().as_ref())
                && lists_every(&View::read(c, Some(&DOCKER_REMOVE)))
        })
}
