terraform import demo_server.web srv-1
