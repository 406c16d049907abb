//! The `cloud` pack's hosting platforms: deleting an app, server, database, cluster or volume
//! (with its data) on DigitalOcean, Hetzner, Linode, Fly.io, Vercel, Netlify, Heroku,
//! Supabase, Firebase, Serverless, AWS SAM, eksctl, Oracle Cloud, OpenStack, Scaleway, Vultr,
//! Neon, Cloudflare, Railway, Elastic Beanstalk, Amplify, IBM Cloud, Alibaba Cloud, Civo.

use super::super::Matcher as M;
use crate::knowledge::specs::SUPABASE;

const PLATFORM: &str = "TG-CLOUD-PLATFORM-DELETE";
const RESOURCE: &str = "TG-CLOUD-RESOURCE-DELETE";
/// Help asked for deletes nothing.
const HELP: &[&str] = &["--help", "-h"];

/// OpenStack resources whose `delete` takes their data or what runs on them.
const OPENSTACK_RESOURCES: &[&str] = &[
    "server",
    "volume",
    "image",
    "stack",
    "network",
    "subnet",
    "router",
    "project",
    "container",
    "loadbalancer",
    "share",
    "zone",
    "keypair",
    "user",
];
/// doctl's spellings of delete.
const DOCTL_DELETE: &[&str] = &["delete", "rm", "d"];
/// fly's spellings of destroy.
const FLY_DESTROY: &[&str] = &["destroy", "delete", "remove", "rm"];

/// The platforms' matchers.
pub(in crate::rules::packs) const PLATFORM_MATCHERS: &[M] = &[
    // Hosting platforms: an app, server, database, cluster or volume, with its data.
    M::new(
        PLATFORM,
        &["doctl"],
        &[
            &["compute"],
            &["droplet", "volume", "load-balancer", "snapshot", "image"],
            DOCTL_DELETE,
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["doctl"],
        &[&["databases", "apps", "registry"], DOCTL_DELETE],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["doctl"],
        &[&["kubernetes", "k8s", "k"], &["cluster", "c"], DOCTL_DELETE],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["hcloud"],
        &[
            &[
                "server",
                "volume",
                "load-balancer",
                "network",
                "primary-ip",
                "floating-ip",
                "image",
            ],
            &["delete"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["linode-cli"],
        &[
            &[
                "linodes",
                "volumes",
                "nodebalancers",
                "databases",
                "lke",
                "object-storage",
                "images",
            ],
            &["delete", "rm", "*-delete"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["fly", "flyctl"],
        &[
            &[
                "apps", "app", "volumes", "volume", "vol", "postgres", "pg", "machine", "machines",
                "m",
            ],
            FLY_DESTROY,
        ],
    )
    .none(HELP),
    M::new(PLATFORM, &["fly", "flyctl"], &[&["destroy"]]).none(HELP),
    M::new(PLATFORM, &["vercel"], &[&["remove", "rm"]]).none(HELP),
    M::new(
        PLATFORM,
        &["vercel"],
        &[&["project", "projects"], &["remove", "rm"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["netlify"], &[&["sites:delete"]]).none(HELP),
    M::new(
        PLATFORM,
        &["heroku"],
        &[&["apps:destroy", "destroy", "addons:destroy", "pg:reset"]],
    )
    .none(HELP),
    // Dokku, a self-hosted Heroku: an app with its deployed data, or a service's data.
    M::new(
        PLATFORM,
        &["dokku"],
        &[&[
            "apps:destroy",
            "postgres:destroy",
            "mysql:destroy",
            "redis:destroy",
            "mongo:destroy",
        ]],
    )
    .none(HELP),
    M::new(PLATFORM, &["supabase"], &[&["projects"], &["delete"]]).none(HELP),
    // `supabase db reset` resets the local database; with --linked or --db-url a remote one.
    M::new(PLATFORM, &["supabase"], &[&["db"], &["reset"]])
        .spec(&SUPABASE)
        .any(&["--linked", "--db-url"])
        .none(HELP),
    M::new(PLATFORM, &["firebase"], &[&["firestore:delete"]])
        .any(&["--all-collections", "-r", "--recursive"])
        .none(HELP),
    M::new(
        PLATFORM,
        &["firebase"],
        &[&["database:remove", "hosting:disable", "projects:delete"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["serverless", "sls"], &[&["remove"]]).none(HELP),
    M::new(PLATFORM, &["sam"], &[&["delete"]]).none(HELP),
    M::new(
        PLATFORM,
        &["eksctl"],
        &[&["delete"], &["cluster", "nodegroup", "ng"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[&["compute"], &["instance"], &["terminate"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[
            &["db"],
            &["autonomous-database", "system", "database"],
            &["delete", "terminate"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[
            &["os", "ce", "bv"],
            &["bucket", "cluster", "volume"],
            &["delete"],
        ],
    )
    .none(HELP),
    // OpenStack: servers, volumes and their backups, images, stacks, networks, projects,
    // object containers, load balancers, shares, DNS zones, key pairs, users, clusters.
    M::new(
        PLATFORM,
        &["openstack"],
        &[OPENSTACK_RESOURCES, &["delete"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["openstack"],
        &[&["volume"], &["backup", "snapshot"], &["delete"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["openstack"],
        &[
            &["coe", "database", "baremetal"],
            &["cluster", "instance", "node"],
            &["delete"],
        ],
    )
    .none(HELP),
    // Scaleway.
    M::new(
        PLATFORM,
        &["scw"],
        &[
            &["instance", "block"],
            &["server", "volume", "snapshot", "image"],
            &["delete", "terminate"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["scw"],
        &[
            &["rdb", "redis", "mongodb", "k8s", "registry", "object"],
            &["instance", "cluster", "namespace", "bucket"],
            &["delete"],
        ],
    )
    .none(HELP),
    // Vultr.
    M::new(
        PLATFORM,
        &["vultr-cli"],
        &[
            &[
                "instance",
                "bare-metal",
                "database",
                "kubernetes",
                "block-storage",
                "object-storage",
                "snapshot",
                "load-balancer",
            ],
            &["delete", "destroy"],
        ],
    )
    .none(HELP),
    // Neon: a project with its branches and databases.
    M::new(
        PLATFORM,
        &["neonctl", "neon"],
        &[&["projects", "project"], &["delete"]],
    )
    .none(HELP),
    // Cloudflare: an R2 bucket or a KV namespace with what they hold, a Worker.
    M::new(
        PLATFORM,
        &["wrangler"],
        &[&["r2"], &["bucket"], &["delete"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["wrangler"],
        &[&["kv"], &["namespace"], &["delete"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["wrangler"], &[&["kv:namespace"], &["delete"]]).none(HELP),
    M::new(PLATFORM, &["wrangler"], &[&["delete"]]).none(&["--dry-run", "--help", "-h"]),
    // Railway: `down` removes a service's running deployment (its volumes stay), as a cloud
    // resource's delete does.
    M::new(RESOURCE, &["railway"], &[&["down"]]).none(HELP),
    // AWS Elastic Beanstalk: an environment with its instances and (unless decoupled) its
    // database; AWS Amplify: every cloud resource of the project.
    M::new(PLATFORM, &["eb"], &[&["terminate"]]).none(HELP),
    M::new(PLATFORM, &["amplify"], &[&["delete"]]).none(HELP),
    // IBM Cloud: a service instance, a VPC instance or volume, a Kubernetes cluster.
    M::new(
        PLATFORM,
        &["ibmcloud"],
        &[&["resource"], &["service-instance-delete"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["ibmcloud"],
        &[
            &["is"],
            &[
                "instance-delete",
                "instances-delete",
                "volume-delete",
                "volumes-delete",
                "bm-delete",
            ],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["ibmcloud"],
        &[&["ks", "oc"], &["cluster"], &["rm", "delete"]],
    )
    .none(HELP),
    // Alibaba Cloud: the API's delete operations (`aliyun ecs DeleteInstance`, `aliyun rds
    // DeleteDBInstance`).
    M::new(
        PLATFORM,
        &["aliyun"],
        &[
            &[
                "ecs",
                "rds",
                "r-kvstore",
                "oss",
                "cs",
                "polardb",
                "dds",
                "slb",
                "nas",
            ],
            &["Delete*", "Release*", "rm"],
        ],
    )
    .none(HELP),
    // Civo: an instance, a Kubernetes cluster, a database or a volume.
    M::new(
        PLATFORM,
        &["civo"],
        &[
            &["instance", "kubernetes", "k8s", "database", "db", "volume"],
            &["remove", "delete", "rm"],
        ],
    )
    .none(HELP),
];
