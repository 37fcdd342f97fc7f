output "gateway" {
  value = provider::demo::cidr_host("10.10.0.0/24", 1) # "10.10.0.1"
}
