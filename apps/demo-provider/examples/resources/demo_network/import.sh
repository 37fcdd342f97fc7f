terraform import demo_network.app net-1
