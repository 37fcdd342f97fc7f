#!/bin/bash
# usage: run.sh <workdir> <main.tf file> <plan args...>
W=$1; shift; TF=$1; shift
mkdir -p $W
cat > $W/dev.tfrc <<EOT
provider_installation {
  dev_overrides {
    "example.test/tfkit/tfkite2e" = "$(pwd)/bin"
  }
}
EOT
cp $TF $W/main.tf
cd $W
export TF_CLI_CONFIG_FILE=$W/dev.tfrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0 RENDER_OUT=$W/render.jsonl
rm -f render.jsonl
terraform plan -no-color "$@" > plan.txt 2>&1; echo "plan rc=$?"
