print("motionbench")
