data "local_command" "git_sha" {
  command   = "git"
  arguments = ["rev-parse", "HEAD"]
}

output "revision" {
  value = trimspace(data.local_command.git_sha.stdout)
}
