//! The `hosting` pack in the catalog: deleting repositories, releases and published packages.

use super::{Pack, review};

pub(super) const PACK: Pack = Pack {
    name: "hosting",
    summary: "deleting repositories, releases and published packages",
    rules: &[
        review(
            "TG-HOSTING-REPO-DELETE",
            "Deleting or archiving a hosted repository, or deleting a release",
            "gh repo delete|archive, gh release delete|delete-asset, glab repo delete|archive, glab release delete",
        ),
        review(
            "TG-HOSTING-PACKAGE-UNPUBLISH",
            "Unpublishing or yanking a published package breaks its users",
            "npm unpublish, cargo yank",
        ),
        review(
            "TG-HOSTING-PACKAGE-PUBLISH",
            "Publishing a package releases it to everyone, and most registries never take a release back",
            "npm|pnpm|yarn|bun publish, cargo publish, twine upload, poetry|uv|pdm|hatch|flit publish, gem push, dotnet nuget push",
        ),
        review(
            "TG-HOSTING-REPO-PUBLIC",
            "Making a repository public discloses its code and history",
            "gh repo edit --visibility public, gh api -X PATCH repos/O/R -f private=false (or visibility=public)",
        ),
        review(
            "TG-HOSTING-RESOURCE-DELETE",
            "Deleting hosted issues, gists, keys, secrets or other resources cannot be undone",
            "gh issue|run|gist|ssh-key|gpg-key|secret|variable|label|project|codespace delete, gh repo deploy-key delete, gh api -X DELETE, glab issue|mr|label|variable|snippet|ci delete, glab api -X DELETE, curl -X DELETE to the APIs of GitHub, GitLab (also self-managed), Bitbucket, Cloudflare, Vercel, Netlify, Heroku, DigitalOcean …, POST …/doDelete to Jenkins, java -jar jenkins-cli.jar delete-job|delete-node|delete-view, gitlab-runner unregister, circleci context delete|remove-secret, circleci orb|namespace|pipeline delete",
        ),
    ],
};
