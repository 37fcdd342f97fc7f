terraform {
  required_providers {
    demo = {
      source = "example.test/tfkit/demo"
    }
  }
}

# The demo cloud keeps its objects in a JSON file.
provider "demo" {
  store_path = ".demo-cloud.json"
}
