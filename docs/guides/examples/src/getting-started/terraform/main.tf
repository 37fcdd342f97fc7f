terraform {
  required_providers {
    notes = {
      source = "example.test/guide/notes"
    }
  }
}

provider "notes" {
  file = "notes.json"
}

resource "notes_note" "groceries" {
  title = "Groceries"
  body  = "milk, eggs"
}

output "note_id" {
  value = notes_note.groceries.id
}
