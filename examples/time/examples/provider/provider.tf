# The time provider has no configuration.
provider "time" {}
