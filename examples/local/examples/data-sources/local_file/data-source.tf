data "local_file" "motd" {
  filename = "${path.module}/motd.txt"
}
