//! The `cloud` pack in the catalog: deleting cloud resources (AWS, Google Cloud, Azure, hosting
//! platforms, object storage).

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "cloud",
    summary: "deleting cloud resources (AWS, Google Cloud, Azure, hosting platforms, object storage)",
    rules: &[
        deny(
            "TG-CLOUD-AWS-S3-DELETE",
            "Deleting S3 buckets or objects recursively cannot be undone",
            "aws s3 rm --recursive, aws s3 rb --force, aws s3api delete-bucket",
        ),
        review(
            "TG-CLOUD-AWS-S3-OBJECTS-DELETE",
            "Syncing into a bucket with --delete, or deleting an object version, deletes S3 data for good",
            "aws s3 sync DIR s3://b --delete, aws s3api delete-object --version-id",
        ),
        review(
            "TG-CLOUD-AWS-S3-BUCKET-CONFIG-DELETE",
            "Deleting a bucket's policy, encryption, lifecycle or public access block changes who reaches its data and what it keeps",
            "aws s3api delete-bucket-policy|delete-bucket-encryption|delete-bucket-*, aws s3api delete-public-access-block",
        ),
        deny(
            "TG-CLOUD-AWS-COMPUTE-DELETE",
            "Terminating instances or deleting functions destroys running infrastructure",
            "aws ec2 terminate-instances, aws lambda delete-function",
        ),
        deny(
            "TG-CLOUD-AWS-DATA-DELETE",
            "Deleting databases, tables, volumes, snapshots, backups or file systems destroys their data",
            "aws rds delete-db-instance|delete-db-cluster|delete-db-snapshot, aws dynamodb delete-table, aws ec2 delete-volume|delete-snapshot, aws efs delete-file-system, aws backup delete-recovery-point, aws elasticache|redshift|docdb|neptune deletes",
        ),
        deny(
            "TG-CLOUD-AWS-STACK-DELETE",
            "Deleting a CloudFormation stack deletes every resource in it",
            "aws cloudformation delete-stack",
        ),
        deny(
            "TG-CLOUD-AWS-IAM-DELETE",
            "Deleting IAM users, roles or policies can lock people and services out",
            "aws iam delete-*",
        ),
        deny(
            "TG-CLOUD-AWS-KMS-DELETE",
            "A deleted KMS key makes everything encrypted with it unreadable",
            "aws kms schedule-key-deletion",
        ),
        deny(
            "TG-CLOUD-AWS-ACCOUNT-CLOSE",
            "Closing an AWS account, or deleting or leaving its organization, ends the account or lifts the organization's guardrails over it",
            "aws organizations close-account|delete-organization|leave-organization|remove-account-from-organization",
        ),
        deny(
            "TG-CLOUD-GCLOUD-DELETE",
            "Deleting Google Cloud projects, instances, databases, disks or snapshots cannot be undone",
            "gcloud projects delete, gcloud compute instances|disks|snapshots delete, gcloud container clusters delete, gcloud sql|spanner|bigtable|alloydb|filestore … delete, gcloud firestore databases delete, gcloud kms keys versions destroy, bq rm",
        ),
        deny(
            "TG-CLOUD-GCS-DELETE",
            "Deleting Cloud Storage objects recursively cannot be undone",
            "gcloud storage rm -r, gsutil rm -r, gsutil rb",
        ),
        deny(
            "TG-CLOUD-AZ-DELETE",
            "Deleting Azure resource groups, VMs, databases, disks or storage cannot be undone",
            "az group delete, az vm|vmss|aks delete, az storage account|container|share … delete, az sql|cosmosdb|postgres|mysql … delete, az disk|snapshot delete, azcopy remove|rm --recursive, az storage remove|azcopy blob delete --recursive",
        ),
        review(
            "TG-CLOUD-STORAGE-SYNC-DELETE",
            "A mirror sync into a bucket or container deletes whatever its source lacks there",
            "gsutil rsync -d, gcloud storage rsync --delete-unmatched-destination-objects, az storage blob sync (unless --delete-destination false), azcopy sync --delete-destination=true|prompt, s3cmd sync --delete-removed, mc mirror --remove, b2 sync --delete",
        ),
        review(
            "TG-CLOUD-RESOURCE-DELETE",
            "Deleting a cloud resource loses what it held and breaks what depends on it",
            "any other delete, terminate or purge operation of aws, gcloud or az (aws route53 delete-hosted-zone, gcloud run services delete, az webapp delete), railway down",
        ),
        // An outage, not a loss: the instances and their disks stay, and starting them
        // again undoes it. A person decides, as for a drained Kubernetes node; terminating
        // and deleting stay the rules' above.
        review(
            "TG-CLOUD-COMPUTE-STOP",
            "Stopping instances, databases or apps, or sizing a service or group to nothing, takes them down",
            "aws ec2 stop-instances, aws rds stop-db-instance|stop-db-cluster, aws ecs update-service --desired-count 0, aws autoscaling update-auto-scaling-group|set-desired-capacity --desired-capacity 0 (or --max-size 0), aws eks update-nodegroup-config --scaling-config desiredSize=0, gcloud compute instances stop|suspend, gcloud compute instance-groups managed resize --size 0, gcloud container clusters resize --num-nodes 0, gcloud sql instances patch --activation-policy NEVER, az vm|vmss stop|deallocate, az aks stop|scale --node-count 0, az vmss scale --new-capacity 0, az webapp|functionapp stop",
        ),
        review(
            "TG-CLOUD-PUBLIC-ACCESS",
            "Opening cloud storage or hosts to the whole internet exposes their data",
            "aws s3api put-bucket-acl|put-object-acl --acl public-read, put-public-access-block …=false (or from a file), put-bucket-policy with a \"*\" principal (or from a file), aws ec2 authorize-security-group-ingress --cidr 0.0.0.0/0, gcloud … add-iam-policy-binding --member=allUsers, gsutil iam ch allUsers:…, gcloud compute firewall-rules create --source-ranges 0.0.0.0/0, az storage container set-permission --public-access blob, az network nsg rule create --source-address-prefixes Internet",
        ),
        review(
            "TG-CLOUD-AUDIT-OFF",
            "Turning off a cloud account's audit trail or threat detection hides what happens next",
            "aws cloudtrail stop-logging, aws configservice stop-configuration-recorder, aws securityhub disable-security-hub, aws guardduty update-detector --no-enable",
        ),
        review(
            "TG-CLOUD-PROTECTION-OFF",
            "Turning off what keeps deleted data recoverable (a bucket's versioning, a database's or instance's deletion protection, its backups) leaves the next delete final",
            "aws s3api put-bucket-versioning … Status=Suspended, aws rds modify-db-instance|modify-db-cluster --no-deletion-protection (or --backup-retention-period 0), aws dynamodb update-table --no-deletion-protection-enabled, aws ec2 modify-instance-attribute --no-disable-api-termination, gcloud sql instances patch --no-deletion-protection (or --no-backup), gcloud compute instances update --no-deletion-protection",
        ),
        review(
            "TG-CLOUD-ADMIN-GRANT",
            "Granting an owner or administrator role gives its holder the whole account",
            "aws iam attach-user|role|group-policy --policy-arn …/AdministratorAccess|IAMFullAccess|PowerUserAccess, gcloud … add-iam-policy-binding --role=roles/owner|editor|iam.securityAdmin …, az role assignment create --role Owner|Contributor|\"User Access Administrator\"",
        ),
        review(
            "TG-CLOUD-CREDENTIAL-CREATE",
            "Creating a long-lived key or password for a cloud identity hands out its power beyond the session",
            "aws iam create-access-key|create-login-profile|update-login-profile, gcloud iam service-accounts keys create, az ad sp|app credential reset",
        ),
        deny(
            "TG-CLOUD-PLATFORM-DELETE",
            "Deleting an app, server, database, volume or bucket on a hosting or storage platform takes its data with it",
            "doctl compute droplet delete, hcloud server delete, linode-cli linodes delete, fly apps destroy, vercel remove, netlify sites:delete, heroku apps:destroy|pg:reset, dokku apps:destroy|postgres:destroy|…, supabase projects delete|db reset --linked, firebase firestore:delete --all-collections, serverless remove, sam delete, eksctl delete cluster, oci compute instance terminate, openstack server|volume|stack|… delete, scw instance server delete, vultr-cli instance delete, neonctl projects delete, wrangler delete|r2 bucket delete|kv namespace delete, eb terminate, amplify delete, ibmcloud resource service-instance-delete|is instance-delete|ks cluster rm, aliyun ecs|rds|… Delete*, civo instance|kubernetes remove, s3cmd del -r|rb, mc rm --recursive|rb, b2 rm --recursive|delete-bucket|bucket delete",
        ),
    ],
};
