provider "local" {}
