resource "local_sensitive_file" "token" {
  content         = var.token
  filename        = "${path.module}/token"
  file_permission = "0600"
}
