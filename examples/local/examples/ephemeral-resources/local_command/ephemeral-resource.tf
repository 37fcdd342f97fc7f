ephemeral "local_command" "token" {
  command   = "pass"
  arguments = ["show", "deploy/token"]
}
