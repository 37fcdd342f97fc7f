#!/bin/bash
# capture.sh <workdir> <name>: append a fixture {name, prior, planned, replace, action, terraform}
W=$1; N=$2
node -e '
const fs=require("fs");const [w,n]=process.argv.slice(1);
const l=fs.readFileSync(w+"/render.jsonl","utf8").trim().split("\n").map(JSON.parse).filter(x=>x.text!=="");
const last=l.pop(); const tf=fs.readFileSync(w+"/tf.txt","utf8");
const {text,diags,...rest}=last; fs.appendFileSync("fixtures.jsonl", JSON.stringify({name:n,...rest,terraform:tf})+"\n");' $W $N
