resource "local_file" "greeting" {
  content  = "hello\n"
  filename = "${path.module}/greeting.txt"
}
