//! The `containers` pack in the catalog: removing containers, images and volumes wholesale.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "containers",
    summary: "removing containers, images and volumes wholesale",
    rules: &[
        deny(
            "TG-CONTAINER-VOLUME-DELETE",
            "Deleting container volumes destroys the data in them",
            "docker volume rm|prune, docker system prune --volumes (podman too), podman system reset",
        ),
        // A compose project's own volumes (its dev database, caches) are usually
        // disposable and `down -v` is how a dev stack is reset; the data in them is still
        // gone for good, so a person decides. `docker volume rm|prune` reach every
        // project's volumes and stay denied.
        review(
            "TG-CONTAINER-COMPOSE-VOLUMES",
            "Removing a compose project's volumes deletes the data in them",
            "docker compose down -v, docker-compose down --volumes, podman-compose down -v",
        ),
        deny(
            "TG-CONTAINER-REMOVE-ALL",
            "Removing every container loses what they hold",
            "docker rm -f $(docker ps -aq), crictl rm|rmp -a",
        ),
        // Stopped containers only, not running ones: less than removing every container.
        review(
            "TG-CONTAINER-SYSTEM-PRUNE",
            "Pruning every stopped container or every unused image, or removing every image",
            "docker system|container prune, docker image prune -a, podman system|container|pod prune, docker rmi -f $(docker images -q), crictl rmi --prune",
        ),
        review(
            "TG-CONTAINER-REGISTRY-DELETE",
            "Deleting an image or tag from a registry breaks everyone who pulls it",
            "crane delete, skopeo delete, regctl tag|manifest|image delete, oras manifest|blob delete",
        ),
    ],
};
