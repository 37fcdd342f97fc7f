terraform import demo_volume.data vol-1
