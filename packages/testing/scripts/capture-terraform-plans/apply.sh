#!/bin/bash
W=$1
cd $W
export TF_CLI_CONFIG_FILE=$W/dev.tfrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0 RENDER_OUT=$W/render-apply.jsonl
terraform apply -auto-approve -no-color > apply.txt 2>&1; echo "apply rc=$?"; grep -E "Error|Apply complete" apply.txt | head -5
