#!/bin/bash
# cmp.sh <workdir>: compare the resource block terraform printed with ours
W=$1
awk '/^  # tfkite2e_thing.x/{p=1} p&&/^Plan:/{exit} p' $W/plan.txt | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > $W/tf.txt
node -e '
const fs=require("fs");const l=fs.readFileSync(process.argv[1]+"/render.jsonl","utf8").trim().split("\n").map(JSON.parse);
const last=l.filter(x=>x.text!=="").pop()??{text:""}; fs.writeFileSync(process.argv[1]+"/ours.txt", last.text); if (l.some(x=>x.diags.length)) console.log(JSON.stringify(l.map(x=>x.diags)))' $W
diff $W/tf.txt $W/ours.txt && echo SAME
